/** Where the gateway serves its API, as the real one does (…/api/v1). */
export const BASE_PATH = "/api/v1";
