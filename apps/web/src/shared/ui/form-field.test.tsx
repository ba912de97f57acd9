import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

function EmailForm({ onSave, keepErrorSpace }: { onSave: (email: string) => void; keepErrorSpace?: boolean }) {
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(({ email }) => onSave(email))(event)}>
      <FormField
        label="E-mail"
        type="email"
        keepErrorSpace={keepErrorSpace}
        error={form.formState.errors.email?.message}
        {...form.register('email', { validate: (value) => value.includes('@') || 'Enter a valid e-mail' })}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormField', () => {
  it('is labelled, hands react-hook-form the typed value and ties the message to the input', async () => {
    const saved: string[] = [];
    render(<EmailForm onSave={(email) => saved.push(email)} />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(input, 'player');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Enter a valid e-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(saved).toEqual([]);

    await userEvent.type(input, '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual(['player@example.com']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps an empty message paragraph when asked, so a message does not move the form', () => {
    render(<EmailForm onSave={() => undefined} keepErrorSpace />);
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-describedby')).toBeNull();
  });
});
