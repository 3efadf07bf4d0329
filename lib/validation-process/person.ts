// The person's data as a validation process keeps it (data-capture-validation): what the pages, the certificate and
// the affiliations show of who was validated.

export const personFields = ["firstName", "lastName", "email", "cellPhone", "country", "identType", "identNumber"] as const;
export type PersonField = (typeof personFields)[number];
export type ValidatedPerson = Record<PersonField, string | null>;

/** The person's fields of a record that has them (a validation process), and nothing else. */
export function personOf(record: ValidatedPerson): ValidatedPerson {
  return Object.fromEntries(personFields.map((field) => [field, record[field]])) as ValidatedPerson;
}
