import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useDebouncedSearchBox } from './use-debounced-search-box';

/** A list page whose applied search (like the URL's) lands `landsAfterMs` after it is applied. */
function SearchPage({ initial, landsAfterMs }: { initial: string; landsAfterMs: number }) {
  const [applied, setApplied] = useState(initial);
  const box = useDebouncedSearchBox(applied, (search) => {
    setTimeout(() => setApplied(search), landsAfterMs);
  });
  return (
    <>
      <input aria-label="Search" value={box.text} onChange={(event) => box.change(event.target.value)} />
      <button onClick={() => setApplied('from a link')}>Follow a link</button>
      <output aria-label="Applied">{applied}</output>
    </>
  );
}

describe('debounced search box', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps what was typed after its own search was applied (a slow phone)', () => {
    render(<SearchPage initial="QJK" landsAfterMs={100} />);
    const box = screen.getByRole('textbox', { name: 'Search' });

    fireEvent.change(box, { target: { value: '' } });
    act(() => jest.advanceTimersByTime(300)); // the cleared search is applied…
    fireEvent.change(box, { target: { value: 'w' } }); // …and the person types on before it lands
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('status', { name: 'Applied' })).toHaveTextContent('');
    expect(box).toHaveValue('w');

    fireEvent.change(box, { target: { value: 'wanjiru' } });
    act(() => jest.advanceTimersByTime(400));
    expect(screen.getByRole('status', { name: 'Applied' })).toHaveTextContent('wanjiru');
    expect(box).toHaveValue('wanjiru');
  });

  it('shows a search applied from elsewhere (Back, a link)', () => {
    render(<SearchPage initial="QJK" landsAfterMs={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow a link' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('from a link');
  });
});
