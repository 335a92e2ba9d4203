import { RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { retryFailedPages } from '@/lib/lazy-page';

interface Props {
  /** The path shown: going elsewhere leaves the failed page behind. */
  location: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  location: string;
}

/**
 * Around the routes (issue 43): a page whose code fails to load (a lazy chunk refused by the
 * network or gone after a deploy), or that throws while rendering, shows 'Couldn't load this page'
 * with Retry in its place, never a blank screen; the navigation around it stays. Retry imports the
 * failed chunks again (lib/lazy-page.tsx) and renders the page again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to load', error, info.componentStack);
  }

  private retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex flex-col items-center gap-4 px-4 pt-24 text-center">
        <p className="text-base font-medium text-zinc-100">Couldn&apos;t load this page</p>
        <Button type="button" variant="secondary" onClick={this.retry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    );
  }
}
