import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { DetailSection, type DetailSectionProps } from './DetailSection.tsx';
import { DetailTimeline } from './DetailTimeline.tsx';

function renderSection(props: Partial<DetailSectionProps>) {
  return render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <DetailSection title="Review thread" headingLevel={3} emptyText="No messages yet." {...props}>
        <DetailTimeline
          label="Review thread of version 1.0.0"
          entries={[
            { key: 'e1', title: 'Developer · Requested review', time: '2 Jan', body: 'Please look' },
            { key: 'e2', title: 'Reviewer · Approved', time: '3 Jan', highlight: true },
          ]}
        />
      </DetailSection>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('DetailSection', () => {
  it('is a region named by its heading, showing its content in order', () => {
    renderSection({});
    const section = screen.getByRole('region', { name: 'Review thread' });
    expect(within(section).getByRole('heading', { level: 3 })).toBeTruthy();
    const entries = within(section).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Developer · Requested review2 JanPlease look',
      'Reviewer · Approved3 Jan',
    ]);
  });

  it('shows a named placeholder while loading', () => {
    renderSection({ loading: true, loadingLabel: 'Review thread of version 1.0.0' });
    expect(screen.getByLabelText('Review thread of version 1.0.0').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('says when there is nothing to show', () => {
    renderSection({ empty: true });
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure in its own words with a retry', () => {
    const onRetry = vi.fn();
    renderSection({
      error: { message: 'The thread could not be loaded.', onRetry, retryLabel: 'Load again' },
    });
    expect(screen.getByRole('alert').textContent).toContain('The thread could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Load again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
