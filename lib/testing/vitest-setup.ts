import { setPasswordCostForTests } from "../server/auth/password";
import { scrubSettings } from "./scrub-env";

// Every test file starts from an environment without Gatehouse settings (see scrub-env.ts).
scrubSettings();

// Cheap password hashing for the suite (see setPasswordCostForTests); users-store.test.ts checks the real cost.
setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });
