// Business constants and limits (spec section 9).

export const ROLES = ["user", "business", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PAGE_PERMISSIONS = ["admin", "business", "user", "public"] as const;
export type PagePermission = (typeof PAGE_PERMISSIONS)[number];

export const ACCOUNT_TYPES = ["visitor", "business"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const OFFER_TYPES = [
  "Discount",
  "Percentage Off",
  "Fixed Price",
  "BOGO",
  "Service Special",
  "Product Special",
  "Free Item",
  "Other",
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 6;

export const SLIDESHOW = { photoCount: 6, intervalMs: 5500 } as const;
export const HOME_LIST_LIMIT = 3;

export const TRUNCATE = {
  homePost: 200,
  homeEvent: 150,
  businessList: 50,
  eventList: 100,
  postList: 100,
  pagePreview: 70,
  tagCategoryPage: 150,
} as const;

export const PROFILE_PICTURE = { maxBytes: 5_242_880, types: ["image/png", "image/jpeg", "image/gif"] } as const;
export const EVENT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
/** Logos and post images: any image type the server can read and re-encode safely. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Files above the threshold go in chunks that start small and double up to the cap (spec section 9). */
export const RESUMABLE_UPLOAD = { thresholdBytes: 262_144, initialChunkBytes: 262_144, maxChunkBytes: 33_554_432 } as const;
/** How long storage calls keep retrying on 5xx, 408 and 429 before giving up (spec section 9). */
export const STORAGE_RETRY = { operationMs: 120_000, uploadMs: 600_000 } as const;

export const HEADER_SEARCH = { minChars: 2, maxSuggestions: 10 } as const;
/** `document`: the library's documents, those the person may read (found by the library itself, not the index). */
export const SEARCH_TYPES = ["business", "category", "tag", "event", "offer", "post", "document"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** What the header box suggests (spec section 2, "Header search"). */
export const SUGGESTION_TYPES = ["business", "category", "tag"] as const satisfies readonly SearchType[];
export const MAP_SEARCH_DROPDOWN_MAX_HEIGHT_PX = 200;

export const DEFAULT_MAP_CENTER = { lat: 43.106651, lng: -79.066782 } as const;
export const MAP_ZOOM = { default: 15, singleSelection: 18 } as const;
export const BUSINESS_PAGE_MAP = { heightPx: 400, zoom: 15 } as const;
export const MARKER_SCALE = { selected: 10, normal: 7 } as const;
export const UNKNOWN_CATEGORY_COLOR = "#808080";
export const DEFAULT_CATEGORY_COLOR = "#ffffff";

export const MAP_CLUSTER = { gridSizePx: 60, minClusterSize: 2, maxZoom: 16, redThreshold: 10 } as const;

export const OUTDOOR_LOCATION = "outdoor";

/** The sign-up body's field with the form's proof of work: the ALTCHA widget's payload (base64 JSON). */
export const SIGN_UP_CHALLENGE_FIELD = "altcha";
