import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { Spinner } from './Spinner';

/** A screen whose code is a chunk of its own, loaded when first shown, or earlier with `preload()`. */
export interface LazyScreen<P extends object> {
  (props: P): ReactElement;
  /** Starts loading the code (once); resolves when the screen can render without suspending. */
  preload(): Promise<void>;
}

/**
 * A lazily loaded screen that, once its code has arrived, renders it directly instead of through Suspense.
 *
 * Why not React.lazy alone: a lazy component suspends on its first render even when its chunk is already loaded,
 * and React 19 then holds the revealed screen back until 300 ms after its fallback was committed (its fallback
 * throttle). A route page preloaded with its remote thus appeared ≈ 300 ms after its code was there, and its data
 * calls (made once it renders) started that much later. A screen mounted after `preload()` has resolved skips both.
 * Whether an instance renders directly is decided when it mounts, so the tree it renders never changes shape (a
 * change from the Suspense path to the direct one would remount the screen and lose its state).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactElement = <Spinner />): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () => (loading ??= load().then(
    (component) => (loaded = component),
    (error: unknown) => { loading = undefined; throw error; }, // a later preload() imports again
  ));
  const Suspended = lazy(async () => ({ default: await get() }));
  function Screen(props: P) {
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Suspense fallback={fallback}><Suspended {...props} /></Suspense>;
  }
  Screen.preload = () => get().then(() => undefined);
  return Screen;
}
