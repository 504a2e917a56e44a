// The business page's accessibility and amenities: those that hold, each its label with its drawing.
import { AttributeIcon } from "#web/components/attribute-icons.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

export function AttributeList({ attributes }: { attributes: ReadonlyArray<{ slug: string; label: string }> }) {
  const { t } = usePublicText();
  if (attributes.length === 0) return null;
  return (
    <section aria-labelledby="business-attributes-heading" className="mt-6">
      <h2 id="business-attributes-heading" className="text-xl font-bold text-brand-800">
        {t("business.amenities")}
      </h2>
      <ul className="mt-2 grid max-w-3xl gap-x-6 gap-y-2 sm:grid-cols-2">
        {attributes.map((a) => (
          <li key={a.slug} className="flex items-center gap-2 text-stone-800">
            <AttributeIcon slug={a.slug} className="size-5 text-brand-700" />
            {t(`map.feature.${a.slug}`, { defaultValue: a.label })}
          </li>
        ))}
      </ul>
    </section>
  );
}
