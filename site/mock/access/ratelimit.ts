// The documented request rate (spec/README.md "Limits": 600 requests per minute per token) as a
// fixed window per token, and its headers: `RateLimit-Policy` and `RateLimit` of the IETF httpapi
// draft (draft-ietf-httpapi-ratelimit-headers-10, structured fields) and `Retry-After` (RFC 9110
// section 10.2.3) on 429. Pure: the window lives in the caller's sandbox, the clock is passed in.
import type { RateWindow } from '../pipeline/context.ts';

/** A quota: `limit` requests per `windowS` seconds. */
export interface RatePolicy {
  limit: number;
  windowS: number;
}

/** 600 requests per 60 seconds (spec/README.md, "Limits"). */
export const DEFAULT_RATE_POLICY: RatePolicy = { limit: 600, windowS: 60 };

/** The decision for one request. */
export interface RateDecision {
  allowed: boolean;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetS: number;
}

/**
 * Counts one request in a token's window, starting a new window when the current one is over.
 * A window starts at the token's first request after the previous window ended (a window with
 * no request counted yet starts now).
 * @param window the token's counter (changed in place)
 * @param now current time in ms
 */
export function consume(window: RateWindow, policy: RatePolicy, now: number): RateDecision {
  const windowMs = policy.windowS * 1000;
  if (window.count === 0 || now - window.start >= windowMs) {
    window.start = now;
    window.count = 0;
  }
  const resetS = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
  if (window.count >= policy.limit) return { allowed: false, remaining: 0, resetS };
  window.count += 1;
  return { allowed: true, remaining: policy.limit - window.count, resetS };
}

/** Name of the one policy, as it appears in both headers. */
const POLICY_NAME = '"default"';

/**
 * The headers of a decision: `RateLimit-Policy: "default";q=600;w=60` and
 * `RateLimit: "default";r=<remaining>;t=<seconds to reset>`, plus `Retry-After: <seconds>` when
 * the request is refused.
 */
export function rateLimitHeaders(policy: RatePolicy, decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${POLICY_NAME};q=${policy.limit};w=${policy.windowS}`,
    RateLimit: `${POLICY_NAME};r=${decision.remaining};t=${decision.resetS}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetS);
  return headers;
}
