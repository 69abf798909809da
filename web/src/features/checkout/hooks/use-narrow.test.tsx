import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useNarrow } from './use-narrow';

function Probe({ initiallyShown }: { initiallyShown: boolean }) {
  const [shown, setShown] = useState(initiallyShown);
  const [ref, narrow] = useNarrow<HTMLUListElement>(475);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Show
      </button>
      {shown && <ul ref={ref} data-testid="list" />}
      <p>{narrow ? 'narrow' : 'wide'}</p>
    </>
  );
}

describe('useNarrow', () => {
  let width = 474;
  beforeEach(() => {
    width = 474;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
  });
  afterEach(() => vi.restoreAllMocks());

  it('measures the element on mount and follows the window', async () => {
    render(<Probe initiallyShown />);
    await waitFor(() => expect(screen.getByText('narrow')).toBeInTheDocument());
    width = 475;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(screen.getByText('wide')).toBeInTheDocument();
  });

  it('measures an element that appears after the component mounted', async () => {
    render(<Probe initiallyShown={false} />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    await waitFor(() => expect(screen.getByText('narrow')).toBeInTheDocument());
  });
});
