// The Requests tab's name in the admin navigation, with how many requests wait.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { fetchPendingCount } from "./requests-api.ts";

export function RequestsNavLabel({ label }: { label: string }) {
  const [count, setCount] = useState<number | null>(null);
  const location = useLocation();
  // Read again on every move within the dashboard, so a decision shows in the count.
  useEffect(() => {
    let live = true;
    void fetchPendingCount().then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, [location.key]);
  // Read aloud as a sentence ("Requests, 2 waiting"); seen as the name and a badge with the number.
  return (
    <>
      {label}
      {count !== null && count > 0 && (
        <>
          <span className="sr-only">, </span>
          <span className="ml-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
            {count}
            <span className="sr-only"> waiting</span>
          </span>
        </>
      )}
    </>
  );
}
