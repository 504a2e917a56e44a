// Where the end-to-end server keeps its data; separate checkouts running side by side set their own.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
