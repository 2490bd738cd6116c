/**
 * Child processes that work beside the build's own thread for most of its prerendering (the Open Graph
 * cards' drawing) run at a lower CPU priority than the build.
 *
 * Prerendering runs on the build's one thread, and the build's length is mostly that thread's. On a
 * machine with few cores (CI runners have two), a child that takes a core the thread wants slows every
 * page; a child at a lower priority still gets every cycle the thread leaves, so it finishes in the
 * build's time all the same, from the cores the build leaves idle. A short child whose memory should be
 * gone before the build's own grows (the in-browser mock's bundling) is better left at the build's
 * priority: slowed down, it ends beside the build's peak instead of before it.
 */
import { getPriority, setPriority } from 'node:os';

/** How much lower (in `nice` steps) a background child runs than the build. */
export const BACKGROUND_NICENESS = 10;

/** The lowest priority Linux and macOS give a process (`nice` 19). */
const LOWEST = 19;

/**
 * Lowers a child's CPU priority to {@link BACKGROUND_NICENESS} steps below this process's (at most
 * `nice` 19). Its own children inherit it.
 * @param pid the child's process id (undefined when it failed to start: nothing is done)
 * @returns whether the priority was lowered (false where the system refuses, as on some containers:
 *   the child then runs at the build's priority, which changes its speed, not its output)
 */
export function inBackground(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    setPriority(pid, Math.min(LOWEST, getPriority() + BACKGROUND_NICENESS));
    return true;
  } catch {
    return false;
  }
}
