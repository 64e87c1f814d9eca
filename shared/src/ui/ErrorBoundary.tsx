import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '../runtime/chunkReload';

interface Props { fallback: ReactNode; name: string; children: ReactNode }
interface State { failed: boolean }

/** Contains a render or mount error to its own area; a chunk-load error may reload the page (spec section 2). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };
  static getDerivedStateFromError(): State { return { failed: true }; }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.name}] render error`, error, info.componentStack);
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }
  render() { return this.state.failed ? this.props.fallback : this.props.children; }
}
