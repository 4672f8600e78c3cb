import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './EmailAddress.tsx';

describe('EmailAddress', () => {
  it('offers line breaks before the @ and after each dot, and reads as the address', () => {
    const { container } = render(<EmailAddress email="maria.santos-delacruz@harbor-view.example.com" />);
    expect(container.textContent).toBe('maria.santos-delacruz@harbor-view.example.com');
    expect(container.innerHTML).toBe(
      '<span style="overflow-wrap: anywhere;">maria.<wbr>santos-delacruz<wbr>@harbor-view.<wbr>example.<wbr>com</span>',
    );
  });
});
