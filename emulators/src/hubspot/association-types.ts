/**
 * HUBSPOT_DEFINED association type ids between the object types we use, both directions
 * (the SDK's AssociationTypes enum for the standard objects; invoices per HubSpot's
 * association-type table). The v4 "default" association uses these.
 */
const DEFAULT_TYPE_IDS: Readonly<Record<string, number>> = {
  'contacts->companies': 279,
  'companies->contacts': 280,
  'contacts->deals': 4,
  'deals->contacts': 3,
  'contacts->tickets': 15,
  'tickets->contacts': 16,
  'deals->line_items': 19,
  'line_items->deals': 20,
  'deals->tickets': 27,
  'tickets->deals': 28,
  'deals->companies': 341,
  'companies->deals': 342,
  'tickets->companies': 339,
  'companies->tickets': 340,
  'deals->invoices': 175,
  'invoices->deals': 176,
  'invoices->contacts': 177,
  'contacts->invoices': 178,
  'invoices->line_items': 409,
  'line_items->invoices': 410,
  'notes->contacts': 202,
  'contacts->notes': 201,
  'notes->companies': 190,
  'companies->notes': 189,
  'notes->deals': 214,
  'deals->notes': 213,
  'notes->tickets': 228,
  'tickets->notes': 227,
  'tasks->contacts': 204,
  'contacts->tasks': 203,
  'tasks->companies': 192,
  'companies->tasks': 191,
  'tasks->deals': 216,
  'deals->tasks': 215,
  'tasks->tickets': 230,
  'tickets->tasks': 229,
  'calls->contacts': 194,
  'contacts->calls': 193,
  'calls->companies': 182,
  'companies->calls': 181,
  'calls->deals': 206,
  'deals->calls': 205,
  'calls->tickets': 220,
  'tickets->calls': 219,
  'meetings->contacts': 200,
  'contacts->meetings': 199,
  'meetings->companies': 188,
  'companies->meetings': 187,
  'meetings->deals': 212,
  'deals->meetings': 211,
  'meetings->tickets': 226,
  'tickets->meetings': 225,
  'communications->contacts': 81,
  'contacts->communications': 82,
  'communications->tickets': 83,
  'tickets->communications': 84,
  'communications->deals': 85,
  'deals->communications': 86,
  'communications->companies': 87,
  'companies->communications': 88,
  'companies->emails': 185,
  'emails->companies': 186,
  'contacts->emails': 197,
  'emails->contacts': 198,
  'deals->emails': 209,
  'emails->deals': 210,
  'tickets->emails': 223,
  'emails->tickets': 224,
};

/** Primary-company labels have their own ids; their inverses, too. */
const INVERSE_EXTRA: Readonly<Record<number, number>> = { 1: 2, 2: 1, 5: 6, 6: 5, 25: 26, 26: 25 };

/** The unlabeled HUBSPOT_DEFINED type id from one type to another; unknown pairs get 1 like a label. */
export function defaultTypeId(from: string, to: string): number {
  return DEFAULT_TYPE_IDS[`${from}->${to}`] ?? 1;
}

/**
 * The type id of the reverse direction. HubSpot stores an association once and reports it
 * from both sides with paired ids; unknown (user-defined) labels keep their id both ways.
 */
export function inverseTypeId(from: string, to: string, typeId: number): number {
  if (DEFAULT_TYPE_IDS[`${from}->${to}`] === typeId) return DEFAULT_TYPE_IDS[`${to}->${from}`] ?? typeId;
  return INVERSE_EXTRA[typeId] ?? typeId;
}

/** The object type an inline association (`to: { id }` with only a type id) points at, when the id says it. */
export function toTypeForTypeId(fromType: string, typeId: number): string | undefined {
  const prefix = `${fromType}->`;
  const hit = Object.entries(DEFAULT_TYPE_IDS).find(([pair, id]) => id === typeId && pair.startsWith(prefix));
  return hit?.[0].slice(prefix.length);
}
