// The import feature's public face: the admin's Import screen.
export { ImportScreen } from "./import-screen.tsx";
