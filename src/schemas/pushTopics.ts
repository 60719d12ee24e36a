// The topics of breaking-news alerts, apart from the API schemas so the bell's code carries only these.
import { CATEGORIES, categoryLabel } from "./constants.js";

export const PUSH_TOPICS = ["breaking", ...CATEGORIES] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];
export const pushTopicLabel = (topic: string) => (topic === "breaking" ? "Breaking news" : categoryLabel(topic));
