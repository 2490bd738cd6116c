// HTTP's grammar as every part reads it (RFC 9110): the token that method names (section 9.1), field
// names (section 5.1) and authentication schemes (section 11.1) are made of.

/**
 * A token (RFC 9110 section 5.6.2: one or more `tchar`), as source text for building a larger regular
 * expression (`new RegExp(`^(${TOKEN}) +…`)`).
 */
export const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";

const WHOLE_TOKEN = new RegExp(`^${TOKEN}$`);

/** Whether text is exactly one token: `GET`, `COPY`, `X-Request-Id`, `Bearer`; not `` , `a b`, `a:b`. */
export function isToken(text: string): boolean {
  return WHOLE_TOKEN.test(text);
}
