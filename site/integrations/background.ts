/**
 * Child processes that work beside the build's own thread while it prerenders (the Open Graph cards'
 * drawing, the in-browser mock's bundling) run at a lower CPU priority than the build.
 *
 * Prerendering runs on the build's one thread, and the build's length is mostly that thread's. On a
 * machine with few cores (CI runners have two), a child that takes a core the thread wants slows every
 * page; a child at a lower priority still gets every cycle the thread leaves, so it finishes in the
 * build's time all the same, from the cores the build leaves idle.
 */
import { getPriority, setPriority } from 'node:os';

/** How much lower (in `nice` steps) a background child runs than the build. */
export const BACKGROUND_NICENESS = 10;

/** The lowest priority Linux and macOS give a process (`nice` 19). */
const LOWEST = 19;

/**
 * Lowers a child's CPU priority to {@link BACKGROUND_NICENESS} steps below this process's (at most
 * `nice` 19). Its own children (esbuild's process) inherit it.
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
