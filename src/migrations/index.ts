import { Initial1763800000000 } from "./1763800000000-Initial.js";
import { AudienceAndRevenue1763900000000 } from "./1763900000000-AudienceAndRevenue.js";
import { NewsletterSending1764200000000 } from "./1764200000000-NewsletterSending.js";

/** Every migration, oldest first. A migration that has landed is never edited: add a new one. */
export const migrations = [Initial1763800000000, AudienceAndRevenue1763900000000, NewsletterSending1764200000000];
