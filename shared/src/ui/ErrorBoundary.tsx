import { Component, type ErrorInfo, type ReactNode } from 'react';
import { chunkReloadDue, isChunkLoadError, reloadAfterChunkError } from '../runtime/chunkReload';

interface Props { fallback: ReactNode; name: string; children: ReactNode }
interface State { failed: boolean; reloading: boolean }

/**
 * Contains a render or mount error to its own area; a chunk-load error may reload the page (spec section 2), and
 * while it does the area stays empty rather than flash the fallback.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, reloading: false };
  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, reloading: isChunkLoadError(error) && chunkReloadDue() };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.name}] render error`, error, info.componentStack);
    if (isChunkLoadError(error) && !reloadAfterChunkError() && this.state.reloading) this.setState({ reloading: false });
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return this.state.reloading ? null : this.props.fallback;
  }
}
