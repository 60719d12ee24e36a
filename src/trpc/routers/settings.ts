import { z } from "zod";
import { backupStatusSchema } from "../../schemas/backup.js";
import { siteSettingsSchema } from "../../schemas/settings.js";
import { ADMIN_TAG, adminProcedure, router } from "../trpc.js";

const tags = ["settings", ADMIN_TAG];

export const settingsRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/settings", tags, summary: "Growth targets and the revenue split" } })
    .input(z.void())
    .output(siteSettingsSchema)
    .query(({ ctx }) => ctx.siteSettings.get()),
  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/settings", tags, summary: "Replace the growth targets and the revenue split (the split must add up to 100 %)" } })
    .input(siteSettingsSchema)
    .output(siteSettingsSchema)
    .mutation(({ ctx, input }) => ctx.siteSettings.update(input)),
  backup: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/settings/backup", tags, summary: "The newest backup's time and size, and whether a daily backup is scheduled (BACKUP_DIR)" } })
    .input(z.void())
    .output(backupStatusSchema)
    .query(({ ctx }) => ctx.backups.status()),
});
