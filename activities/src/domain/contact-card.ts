/**
 * The contact a person saves so their phone lets Fajr's calls through Do Not Disturb, Sleep or a
 * Focus: iOS and Android let calls from saved (favourite, starred) contacts ring when the phone is
 * silenced, and only a saved number can be a favourite. One card holds every number we call from,
 * so a call from any caller account rings through.
 */
export const FAJR_CONTACT_NAME = 'Fajr Wake-up Call';

/** Escapes a vCard text value (RFC 6350 3.4: backslash, comma, semicolon, newline). */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

/** A vCard 3.0 (what iOS Contacts and Android's importer both read) with the given numbers, CRLF line ends as the format wants. */
export function fajrContactCard(phoneNumbers: readonly string[], note: string): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${text(FAJR_CONTACT_NAME)};;;`,
    `FN:${text(FAJR_CONTACT_NAME)}`,
    'ORG:Fajr',
    ...phoneNumbers.map((n) => `TEL;TYPE=VOICE,CELL:${n}`),
    `NOTE:${text(note)}`,
    'END:VCARD',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
