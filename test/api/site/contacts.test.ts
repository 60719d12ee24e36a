// Business contacts: public = active by displayOrder, admin = all; ids from labels; 409 on duplicates.
import { jest } from "@jest/globals";
import { BusinessContact } from "../../../src/entities/BusinessContact.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({}, { signIn: true });

const KEYS = ["description", "displayOrder", "email", "id", "isActive", "label", "phone"];
const count = () => t.ds.getRepository(BusinessContact).count();

describe("business contacts", () => {
  let press: any;
  let sales: any;
  let hidden: any;

  test("POST derives the id from the label and the displayOrder from the current count", async () => {
    const res = await t.api("POST", "/api/business-contacts", { body: { label: "  Press & Media Office!  ", email: " Press@Example.com " }, cookie: t.cookie });
    expect(res.status).toBe(201);
    press = res.body;
    expect(res.headers.get("location")).toBe(`/api/business-contacts/${press.id}`);
    expect(Object.keys(press).sort()).toEqual(KEYS);
    expect(press).toEqual({ id: "press_media_office", label: "Press & Media Office!", email: "press@example.com", phone: null, description: null, isActive: true, displayOrder: 0 });
    sales = (await t.api("POST", "/api/business-contacts", { body: { label: "Advertising Sales", email: "ads@example.com", phone: "+1 555 0100", description: "Rates and slots" }, cookie: t.cookie })).body;
    expect(sales).toMatchObject({ id: "advertising_sales", displayOrder: 1, phone: "+1 555 0100", description: "Rates and slots" });
    hidden = (await t.api("POST", "/api/business-contacts", { body: { id: "legacy-desk", label: "Legacy", email: "old@example.com", isActive: false, displayOrder: -5 }, cookie: t.cookie })).body;
    expect(hidden).toMatchObject({ id: "legacy-desk", isActive: false, displayOrder: -5 });
  });

  test("public GET lists active contacts only, by displayOrder, cacheable", async () => {
    const res = await t.api("GET", "/api/business-contacts");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([press, sales]);
    expect(res.headers.get("cache-control")).toMatch(/public.*max-age=\d+/);
  });

  test("GET with a session lists every contact, private and varying by cookie", async () => {
    const res = await t.api("GET", "/api/business-contacts", { cookie: t.cookie });
    expect(res.body).toEqual([hidden, press, sales]);
    expect(res.headers.get("cache-control")).toContain("private");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const viaCaller = await (await t.caller(true)).contacts.list();
    expect(viaCaller).toEqual(res.body);
    expect(await (await t.caller()).contacts.list()).toEqual([press, sales]);
  });

  test("a duplicate id (given or derived) is a 409 and stores nothing", async () => {
    const before = await count();
    const derived = await t.api("POST", "/api/business-contacts", { body: { label: "Press / Media Office", email: "x@example.com" }, cookie: t.cookie });
    expect(derived.status).toBe(409);
    expect(derived.body.message).toContain("press_media_office");
    expect((await t.api("POST", "/api/business-contacts", { body: { id: "legacy-desk", label: "Other", email: "x@example.com" }, cookie: t.cookie })).status).toBe(409);
    expect(await count()).toBe(before);
  });

  test("PUT takes the id from the path, changes only the fields sent, and clears with null", async () => {
    const res = await t.api("PUT", `/api/business-contacts/${sales.id}`, { body: { id: "something-else", description: null, displayOrder: 7 }, cookie: t.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...sales, description: null, displayOrder: 7 });
    expect(await t.ds.getRepository(BusinessContact).existsBy({ id: "something-else" })).toBe(false);
    const full = await t.api("PUT", `/api/business-contacts/${sales.id}`, { body: { label: "Ad Sales", email: "sales@example.com", phone: "", isActive: false }, cookie: t.cookie });
    expect(full.body).toEqual({ ...sales, label: "Ad Sales", email: "sales@example.com", phone: null, description: null, displayOrder: 7, isActive: false });
    expect((await t.api("PUT", "/api/business-contacts/nobody", { body: { label: "x" }, cookie: t.cookie })).status).toBe(404);
    const viaCaller = await (await t.caller(true)).contacts.update({ id: sales.id, isActive: true });
    expect(viaCaller.isActive).toBe(true);
  });

  test("DELETE removes it; an unknown id is 404", async () => {
    expect((await t.api("DELETE", `/api/business-contacts/${hidden.id}`, { cookie: t.cookie })).body).toEqual({ success: true });
    expect((await t.api("DELETE", `/api/business-contacts/${hidden.id}`, { cookie: t.cookie })).status).toBe(404);
    const caller = await t.caller(true);
    const created = await caller.contacts.create({ label: "Via Caller", email: "c@example.com" });
    expect(created.id).toBe("via_caller");
    expect(created.displayOrder).toBe(2);
    expect(await caller.contacts.delete({ id: created.id })).toEqual({ success: true });
  });

  test("label and email are required; a bad email, a bad id or a label without letters is a 400", async () => {
    const before = await count();
    for (const body of [
      { email: "a@example.com" },
      { label: "No email" },
      { label: "Bad", email: "nope" },
      { id: "Bad Id!", label: "Bad", email: "a@example.com" },
      { label: "!!!", email: "a@example.com" },
      { label: "x", email: "a@example.com", displayOrder: "abc" },
    ]) {
      const res = await t.api("POST", "/api/business-contacts", { body, cookie: t.cookie });
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.body.message).toBeTruthy();
    }
    expect(await count()).toBe(before);
  });
});

test("a duplicate that slips past the existence check (a concurrent create) is a 409, never an overwrite", async () => {
  const original = await t.services.contacts.create({ label: "Window Desk", email: "original@example.com" });
  const spy = jest.spyOn(t.ds.getRepository(BusinessContact), "existsBy").mockResolvedValue(false);
  try {
    await expect(t.services.contacts.create({ label: "Window Desk", email: "intruder@example.com" })).rejects.toThrow(/already exists/);
  } finally {
    spy.mockRestore();
  }
  expect(await t.ds.getRepository(BusinessContact).findOneByOrFail({ id: original.id })).toMatchObject({ email: "original@example.com" });
});
