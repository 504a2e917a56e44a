// Typed errors thrown by services; `app.ts` turns them into responses in one place.

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 429 | 503;
  readonly code: string;
  readonly fields: FieldErrors | undefined;

  constructor(status: AppError["status"], code: string, message: string, fields?: FieldErrors) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const Validation = (message: string, fields?: FieldErrors) => new AppError(400, "validation", message, fields);
export const Unauthorized = (message = "You must be signed in to do that.") => new AppError(401, "unauthorized", message);
export const Forbidden = (message = "You do not have permission to do that.") => new AppError(403, "forbidden", message);
export const NotFound = (message = "Not found.") => new AppError(404, "not_found", message);
/** A feature this site has turned off, or a part that is not there right now. */
export const Unavailable = (message: string) => new AppError(503, "unavailable", message);
export const Conflict = (message: string, fields?: FieldErrors) => new AppError(409, "conflict", message, fields);

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldErrors };
}

export function errorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
