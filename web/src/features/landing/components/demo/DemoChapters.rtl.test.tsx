import { createTheme, ThemeProvider } from '@mui/material';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDemo } from './ProductDemo';

const sceneTitle = () => within(screen.getByTestId('demo-caption')).getByRole('heading').textContent;

describe('the demo chapters right to left', () => {
  it('move on with the left arrow and back with the right, as the bars run from the right', async () => {
    render(
      <ThemeProvider theme={createTheme({ direction: 'rtl' })}>
        <ProductDemo />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Scene 1 of 5: Choose your city or your mosque' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(sceneTitle()).toBe('Your Fajr schedule');
    expect(screen.getByRole('button', { name: 'Scene 2 of 5: Your Fajr schedule' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(sceneTitle()).toBe('Get the app');
  });
});
