/** The name shown for a person: first and last name, else the username, else 'Anonyme' — never a contact. */
export function displayName(person: { firstName: string | null; lastName: string | null; username: string | null }): string {
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || person.username || 'Anonyme';
}
