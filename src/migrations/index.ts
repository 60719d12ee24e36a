import { Initial1763800000000 } from "./1763800000000-Initial.js";
import { AudienceAndRevenue1763900000000 } from "./1763900000000-AudienceAndRevenue.js";
import { ArticleSearch1764000000800 } from "./1764000000800-ArticleSearch.js";

/** Every migration, oldest first. A migration that has landed is never edited: add a new one. */
export const migrations = [Initial1763800000000, AudienceAndRevenue1763900000000, ArticleSearch1764000000800];
