import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { chunk } from '@/lib/chunks';
import { CHUNK_ERROR_MESSAGE, ChunkBoundary, onDemand } from './on-demand';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
type GreetingModule = { Greeting: typeof Greeting };

/** A chunk whose loads the test settles one by one. */
function controlledChunk() {
  const loads: Array<{ resolve: (m: GreetingModule) => void; reject: (e: unknown) => void }> = [];
  const source = chunk(() => new Promise<GreetingModule>((resolve, reject) => loads.push({ resolve, reject })));
  return { source, loads, Lazy: onDemand(source, (m) => m.Greeting) };
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer caught {String(this.state.error)}</p> : this.props.children;
  }
}

describe('onDemand with ChunkBoundary', () => {
  it('shows nothing while the chunk loads, then the component', async () => {
    const { loads, Lazy } = controlledChunk();
    await act(async () => {
      render(
        <ChunkBoundary>
          <Lazy name="Ada" />
        </ChunkBoundary>,
      );
    });
    expect(screen.queryByText(/Hello/)).toBeNull();
    await act(async () => loads[0]?.resolve({ Greeting }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once when the chunk is already there', async () => {
    const { source, loads, Lazy } = controlledChunk();
    const loading = source.load();
    loads[0]?.resolve({ Greeting });
    await loading;
    render(
      <ChunkBoundary>
        <Lazy name="Grace" />
      </ChunkBoundary>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
  });

  it('a chunk that fails shows a visible error with Try again, which asks for the chunk afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loads, Lazy } = controlledChunk();
    await act(async () => {
      render(
        <ChunkBoundary>
          <Lazy name="Alan" />
        </ChunkBoundary>,
      );
    });
    await act(async () => loads[0]?.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_ERROR_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();

    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(loads).toHaveLength(2);
    await act(async () => loads[1]?.resolve({ Greeting }));
    expect(await screen.findByText('Hello Alan')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('over the page (a dialog), the error floats and can be dismissed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loads, Lazy } = controlledChunk();
    const onDismiss = vi.fn();
    await act(async () => {
      render(
        <ChunkBoundary onDismiss={onDismiss}>
          <Lazy name="Edsger" />
        </ChunkBoundary>,
      );
    });
    await act(async () => loads[0]?.reject(new TypeError('offline')));
    expect(await screen.findByRole('alert')).toHaveClass('chunk-error--floating');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('leaves every other error to the boundary above', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <Outer>
        <ChunkBoundary>
          <Broken />
        </ChunkBoundary>
      </Outer>,
    );
    expect(screen.getByText('outer caught Error: boom')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
