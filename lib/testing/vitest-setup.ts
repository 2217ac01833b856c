import { scrubSettings } from "./scrub-env";

// Every test file starts from an environment without Gatehouse settings (see scrub-env.ts).
scrubSettings();
