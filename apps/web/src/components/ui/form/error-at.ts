/**
 * The error message at a dotted path of react-hook-form's `errors` ('ticketTypes.0.price'); for a
 * list with one error per item (settings' SMS countries), the first item's message.
 */
export function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (Array.isArray(node)) node = node.find((item) => (item as { message?: string } | undefined)?.message);
  return (node as { message?: string } | undefined)?.message;
}
