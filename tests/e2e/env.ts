// Where the end-to-end servers keep their data; separate checkouts running side by side set their own.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

// A second server holds the demo content exactly as seeded: journeys that count or frame the demo (map, home,
// lists, search) run against it, and no journey writes to it, so journeys adding content elsewhere cannot shift them.
export const DEMO_DATA_DIR = `${E2E_DATA_DIR}-demo`;
export const DEMO_PORT = E2E_PORT + 1;
export const DEMO_URL = `http://localhost:${DEMO_PORT}`;
