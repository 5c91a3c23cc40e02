const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text is a UUID (either case): ids are checked before the database is asked, which would refuse anything else. */
export function isUuid(s: string): boolean;
/** …and, for text that may be missing, that it is there. */
export function isUuid(s: string | null | undefined): s is string;
export function isUuid(s: string | null | undefined): boolean {
  return !!s && UUID.test(s);
}
