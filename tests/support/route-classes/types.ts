/**
 * - public: reads or writes nothing that belongs to an organisation (sign-in, sign-up, links);
 * - self: acts only on the caller's own user or session, taken from the token, never from input;
 * - organization: reads or changes organisation data, always the caller's organisation;
 * - platform: acts across organisations, for platform administrators only (403 for everyone else).
 */
export type RouteClass = "public" | "self" | "organization" | "platform";
