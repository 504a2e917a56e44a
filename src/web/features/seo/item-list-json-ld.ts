// schema.org ItemList for the pages that list things (offers, a tag's or a category's businesses): search engines
// read each entry's position, name and address.

export interface ListedItem {
  name: string;
  /** Absolute URL of the entry (a page, or an anchor on this one). */
  url: string;
}

export function itemListJsonLd(name: string, items: ListedItem[]) {
  return {
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, url: item.url })),
  };
}
