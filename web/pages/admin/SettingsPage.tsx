import { useEffect, useState, type FormEvent } from "react";
import type { SiteSettings } from "../../../src/schemas/settings.js";
import { BackupPanel } from "../../components/admin/BackupPanel.js";
import { useToast } from "../../components/toast.js";
import { trpc } from "../../trpc.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

type Form = { targets: Record<keyof SiteSettings["targets"], string>; revenueSplit: Record<keyof SiteSettings["revenueSplit"], string> };

const TARGETS: { key: keyof SiteSettings["targets"]; label: string; hint: string; step: string }[] = [
  { key: "monthlyVisitors", label: "Monthly visitors", hint: "Unique visitors per day, summed over 30 days", step: "1" },
  { key: "engagementRate", label: "Engagement rate (%)", hint: "Visits that go on to a second page", step: "0.1" },
  { key: "viralCoefficient", label: "Viral coefficient", hint: "Visits from social networks per share click", step: "0.01" },
  { key: "newsletterSubscribers", label: "Newsletter subscribers", hint: "Active subscribers", step: "1" },
  { key: "monthlyRecurringRevenue", label: "Monthly recurring revenue ($)", hint: "From premium plans", step: "0.01" },
];
const SPLIT: { key: keyof SiteSettings["revenueSplit"]; label: string }[] = [
  { key: "adNetwork", label: "Ad network (%)" },
  { key: "directAdvertising", label: "Direct advertising (%)" },
  { key: "premiumSubscriptions", label: "Premium subscriptions (%)" },
];

const toForm = (s: SiteSettings): Form => ({
  targets: Object.fromEntries(Object.entries(s.targets).map(([k, v]) => [k, String(v)])) as Form["targets"],
  revenueSplit: Object.fromEntries(Object.entries(s.revenueSplit).map(([k, v]) => [k, String(v)])) as Form["revenueSplit"],
});
const toNumber = (v: string) => (v.trim() === "" ? NaN : Number(v));

/** /settings: the growth targets and the revenue split the dashboards compare against. */
export default function SettingsPage() {
  return (
    <AdminLayout title="Settings">
      <div className="admin-stack">
        <SettingsForm />
        <BackupStatusCard />
      </div>
    </AdminLayout>
  );
}

function BackupStatusCard() {
  const backup = trpc.settings.backup.useQuery(undefined, { staleTime: 0 });
  return backup.data ? <BackupPanel status={backup.data} /> : null;
}

function SettingsForm() {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const settings = trpc.settings.get.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(settings.error);
  const save = trpc.settings.update.useMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data));
  }, [settings.data, form]);

  if (settings.isLoading || (!form && !settings.isError)) return <p className="admin-muted">Loading…</p>;
  if (settings.isError || !form) return <p className="admin-error">Could not load the settings: {settings.error?.message}</p>;

  const splitTotal = SPLIT.reduce((sum, s) => sum + (toNumber(form.revenueSplit[s.key]) || 0), 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const found: Record<string, string> = {};
    const targets = Object.fromEntries(TARGETS.map((t) => [t.key, toNumber(form.targets[t.key])])) as SiteSettings["targets"];
    const revenueSplit = Object.fromEntries(SPLIT.map((s) => [s.key, toNumber(form.revenueSplit[s.key])])) as SiteSettings["revenueSplit"];
    for (const t of TARGETS) if (!Number.isFinite(targets[t.key]) || targets[t.key] < 0) found[`targets.${t.key}`] = `${t.label.replace(/ \(.*\)$/, "")} must be a number, 0 or more`;
    for (const s of SPLIT) if (!Number.isFinite(revenueSplit[s.key]) || revenueSplit[s.key] < 0 || revenueSplit[s.key] > 100) found[`revenueSplit.${s.key}`] = "Between 0 and 100";
    if (!found["revenueSplit.adNetwork"] && Math.abs(splitTotal - 100) > 0.001) found.revenueSplit = `The revenue split must add up to 100 % (now ${Math.round(splitTotal * 100) / 100} %)`;
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: "Check the settings", description: Object.values(found)[0], variant: "destructive" });
      return;
    }
    try {
      const saved = await save.mutateAsync({ targets, revenueSplit });
      setForm(toForm(saved));
      utils.settings.get.setData(undefined, saved);
      await utils.analytics.invalidate();
      toast({ title: "Settings Saved", description: "The dashboards now compare against these targets." });
    } catch (err) {
      const fields = (err as { data?: { fields?: { path: string; message: string }[] } }).data?.fields ?? [];
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      toast({ title: "Error", description: `Failed to save the settings: ${(err as Error).message}`, variant: "destructive" });
    }
  }

  const set = (group: keyof Form, key: string, value: string) => setForm({ ...form, [group]: { ...form[group], [key]: value } });

  return (
    <form className="admin-card" onSubmit={submit} noValidate aria-label="Settings">
      <h2>Growth targets</h2>
      <p className="admin-small admin-muted">The growth screen measures progress against these figures.</p>
      <div className="admin-form-grid">
        {TARGETS.map((t) => (
          <label key={t.key} className="admin-field">
            <span>{t.label}</span>
            <input type="number" inputMode="decimal" min="0" step={t.step} name={`targets.${t.key}`} value={form.targets[t.key]} onChange={(e) => set("targets", t.key, e.target.value)} aria-invalid={Boolean(errors[`targets.${t.key}`])} />
            <small>{errors[`targets.${t.key}`] ?? t.hint}</small>
          </label>
        ))}
      </div>
      <h2>Revenue split</h2>
      <p className="admin-small admin-muted">The mix of revenue the publication aims for; it must add up to 100 %.</p>
      <div className="admin-form-grid">
        {SPLIT.map((s) => (
          <label key={s.key} className="admin-field">
            <span>{s.label}</span>
            <input type="number" inputMode="decimal" min="0" max="100" step="0.1" name={`revenueSplit.${s.key}`} value={form.revenueSplit[s.key]} onChange={(e) => set("revenueSplit", s.key, e.target.value)} aria-invalid={Boolean(errors[`revenueSplit.${s.key}`])} />
            {errors[`revenueSplit.${s.key}`] && <small>{errors[`revenueSplit.${s.key}`]}</small>}
          </label>
        ))}
      </div>
      <p className={Math.abs(splitTotal - 100) > 0.001 ? "admin-error" : "admin-small admin-muted"} role="status" data-testid="split-total">
        {errors.revenueSplit ?? `Total: ${Math.round(splitTotal * 100) / 100} %`}
      </p>
      <div className="admin-form-actions">
        <button type="submit" className="admin-btn admin-btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Settings"}
        </button>
        <button type="button" className="admin-btn admin-btn-ghost" disabled={save.isPending} onClick={() => (settings.data && setForm(toForm(settings.data)), setErrors({}))}>
          Cancel
        </button>
      </div>
    </form>
  );
}
