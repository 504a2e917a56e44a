// The search boxes (the header's and the map's) are comboboxes over a list of suggestions.

/**
 * The attributes that make a text input the combobox of the list `listId`, with the option `activeId` highlighted.
 * A combobox must be a text input: the HTML standard allows the role on type="text", not on type="search".
 */
export function comboboxInputProps({ listId, expanded, activeId }: { listId: string; expanded: boolean; activeId: string | undefined }) {
  return {
    type: "text",
    inputMode: "search",
    role: "combobox",
    autoComplete: "off",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": listId,
    "aria-activedescendant": activeId,
  } as const;
}
