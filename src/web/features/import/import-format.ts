/** A moment as the admin's lists show it ("Nov 23, 2026, 6:51 PM"). */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
