// Table types for Kysely. Timestamps travel as ISO 8601 strings on both engines.
import type { ColumnType } from "kysely";

/** ISO 8601 timestamp string. */
export type Timestamp = string;
/** Stored as 0/1 on SQLite and boolean on PostgreSQL; read back through `toBool`. */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  email: string;
  emailVerified: Bool;
  displayName: string;
  photoURL: string | null;
  role: string | null;
  banned: Bool | null;
  banReason: string | null;
  banExpires: Timestamp | null;
  accountType: string | null;
  lastLogin: Timestamp | null;
  provider: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

export interface SignInFailureTable {
  /** "account:<email>" */
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint on PostgreSQL, read back through Number). */
  firstFailureAt: number | string;
}

export interface SiteSettingsTable {
  id: string;
  associationName: string;
  tagline: string;
  mailingAddress: string;
  generalEmail: string;
  volunteerEmail: string;
  /** JSON: SponsorLogo[] */
  sponsorLogos: string;
  /** JSON: HeroPhoto[] */
  heroPhotos: string;
  mapCenterLat: number;
  mapCenterLng: number;
  mapZoom: number;
  lastUpdatedAt: Timestamp;
}

export interface CategoryTable {
  id: string;
  name: string;
  color: string;
  description: string | null;
  createdAt: Timestamp;
}

export interface TagTable {
  id: string;
  name: string;
  createdAt: Timestamp;
}

export interface BusinessTable {
  id: string;
  name: string;
  categoryId: string | null;
  description: string | null;
  address: string | null;
  website: string | null;
  phone: string | null;
  lat: number;
  lng: number;
  logoUrl: string | null;
  logoStoragePath: string | null;
  createdAt: Timestamp;
  lastUpdatedAt: Timestamp;
}

export interface BusinessTagTable {
  businessId: string;
  tagId: string;
}

export interface EventTable {
  id: string;
  name: string;
  description: string | null;
  /** "outdoor" or a business id. */
  location: string;
  outdoorLocationDescription: string | null;
  ticketsLink: string | null;
  eventDate: Timestamp;
  imageUrl: string | null;
  imageStoragePath: string | null;
  ownerUid: string | null;
  createdAt: Timestamp;
  lastUpdatedAt: Timestamp;
}

export interface PageTable {
  id: string;
  name: string;
  slug: string;
  permission: string;
  content: string;
  contentFormat: string;
  createdAt: Timestamp;
  lastUpdatedAt: Timestamp;
}

export interface PostTable {
  id: string;
  title: string;
  authorUid: string | null;
  authorDisplayName: string | null;
  content: string;
  datetime: Timestamp;
  link: string | null;
  imageUrl: string | null;
  imagePath: string | null;
  editorUid: string | null;
  createdAt: Timestamp;
  lastUpdatedAt: Timestamp;
}

export interface OfferTable {
  id: string;
  businessId: string;
  businessName: string | null;
  description: string;
  price: string | null;
  type: string;
  terms: string | null;
  ownerUid: string | null;
  createdAt: Timestamp;
  lastUpdatedAt: Timestamp;
}

export interface StoredFileTable {
  id: string;
  bucket: string;
  fullPath: string;
  name: string;
  size: number;
  contentType: string;
  timeCreated: Timestamp;
  updated: Timestamp;
  md5Hash: string;
  /** JSON object of string values. */
  customMetadata: string;
  ownerUid: string | null;
  /** When the file was attached to an entity; null while an upload is unclaimed. */
  attachedAt: Timestamp | null;
}

export interface GeoCacheTable {
  key: string;
  /** JSON of the provider's answer, in our own shape. */
  value: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface GeoRateTable {
  key: string;
  /** Milliseconds since the epoch. */
  windowStart: number;
  count: number;
}


export interface AuditLogTable {
  id: string;
  actorId: string | null;
  actorEmail: string;
  /** create, update, delete or role_change. */
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  createdAt: Timestamp;
}


/** The pending first-administrator link (migration 0008-setup): at most one row, the token's SHA-256. */
export interface SetupTokenTable {
  tokenHash: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
}

/** The search index's documents, written only by database triggers (migration 0002-search). */
export interface SearchDocumentTable {
  id: ColumnType<number, never, never>;
  /** business, category, tag, event, offer or post. */
  kind: string;
  /** Id of the row the document was made from. */
  ref: string;
  name: string;
  body: string;
  extra: string;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  sign_in_failure: SignInFailureTable;
  site_settings: SiteSettingsTable;
  category: CategoryTable;
  tag: TagTable;
  business: BusinessTable;
  business_tag: BusinessTagTable;
  event: EventTable;
  page: PageTable;
  post: PostTable;
  offer: OfferTable;
  stored_file: StoredFileTable;
  search_document: SearchDocumentTable;
  geo_cache: GeoCacheTable;
  geo_rate: GeoRateTable;
  audit_log: AuditLogTable;
  setup_token: SetupTokenTable;
}
