import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test/render';
import { RichTextEditor } from './index';

beforeAll(async () => {
  await setupI18n('en');
});

describe('the ticket editor of the kit', () => {
  it('holds its place with the label while its code loads, then is the editor', async () => {
    const { container } = render(<RichTextEditor label="Message" value="" onChange={() => {}} />);
    expect(container.querySelector('.rich-text-editor[aria-busy="true"] .rich-text-editor__content')).toBeInTheDocument();
    expect(screen.getByText('Message')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument(), { timeout: 10_000 });
    expect(container.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
  });
});
