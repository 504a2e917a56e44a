// What an item's page (an event, an offer, a post) shows when there is no such item: its kind, why, and the way back
// to the list of its kind.
import { LocalLink } from "#web/components/ui/local-link.tsx";

export function ItemNotFound({ heading, message, back }: { heading: string; message: string; back: { to: string; label: string } }) {
  return (
    <>
      <h1 className="page-heading">{heading}</h1>
      <p className="mt-4 text-stone-700">{message}</p>
      <p className="mt-4">
        <LocalLink to={back.to} className="text-brand-700 underline">
          {back.label}
        </LocalLink>
      </p>
    </>
  );
}
