// The fields the translations of the site settings' lists are stored under, by each item's place in its list (as the
// API names a list's fields). Apart from the settings' schema so that the pages showing them load no validation code.

/** A hero photo's description. */
export const heroAltField = (index: number) => `heroPhotos.${index}.alt`;
/** A sponsor's name. */
export const sponsorNameField = (index: number) => `sponsorLogos.${index}.name`;
