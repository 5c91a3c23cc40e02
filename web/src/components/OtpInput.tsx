import { Box, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: codes have 6 digits. */
export const OTP_LENGTH = 6;

interface Props {
  /** Called on every change with the digits typed so far. */
  onChange?(code: string): void;
  /** Called once all 6 digits are filled. */
  onComplete?(code: string): void;
  disabled?: boolean;
  /** Names the group for screen readers, e.g. 'Reset code'. */
  label: string;
  autoFocus?: boolean;
}

/** Six one-digit boxes: typing moves forward, Backspace moves back, pasting fills them all. */
export function OtpInput({ onChange, onComplete, disabled, label, autoFocus }: Props) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(() => Array<string>(OTP_LENGTH).fill(''));
  const refs = useRef<Array<HTMLInputElement | null>>([]);

  // A disabled box cannot take focus: once the boxes are usable (the code is sent), the first empty
  // one takes it, so digits typed straight away are not lost.
  const digitsRef = useRef(digits);
  digitsRef.current = digits;
  useEffect(() => {
    if (!autoFocus || disabled) return;
    const empty = digitsRef.current.findIndex((d) => !d);
    refs.current[empty === -1 ? OTP_LENGTH - 1 : empty]?.focus();
  }, [autoFocus, disabled]);

  const update = (next: string[], focusIndex: number | null) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (focusIndex !== null) refs.current[Math.min(focusIndex, OTP_LENGTH - 1)]?.focus();
    if (code.length === OTP_LENGTH && /^\d{6}$/.test(code)) onComplete?.(code);
  };

  const typeAt = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (!typed) {
      const next = [...digits];
      next[index] = '';
      update(next, null);
      return;
    }
    // Typing over a filled box gives two characters: keep the new one.
    const existing = digits[index];
    const chars =
      existing && typed.length === 2 ? (typed.startsWith(existing) ? typed.slice(1) : typed.slice(0, 1)) : typed;
    const next = [...digits];
    let i = index;
    for (const ch of chars) {
      if (i >= OTP_LENGTH) break;
      next[i++] = ch;
    }
    update(next, i);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index] && index > 0) {
      e.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      update(next, index - 1);
    } else if (e.key === 'ArrowLeft' && index > 0) refs.current[index - 1]?.focus();
    else if (e.key === 'ArrowRight' && index < OTP_LENGTH - 1) refs.current[index + 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!pasted) return;
    e.preventDefault();
    const next = Array<string>(OTP_LENGTH).fill('');
    pasted.split('').forEach((d, i) => (next[i] = d));
    update(next, pasted.length);
  };

  return (
    // Left to right in every language: a code is read and typed as one number, the first digit leftmost.
    <Box role="group" aria-label={label} dir="ltr" sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
      {digits.map((digit, index) => (
        <TextField
          key={index}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputRef={(el: HTMLInputElement | null) => {
            refs.current[index] = el;
          }}
          onChange={(e) => typeAt(index, e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          sx={{ width: 48 }}
          slotProps={{
            htmlInput: {
              'aria-label': t('otp.digit', { label, index: index + 1, count: OTP_LENGTH }),
              inputMode: 'numeric',
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              maxLength: OTP_LENGTH,
              pattern: '[0-9]*',
              style: { textAlign: 'center', fontSize: 22, padding: '10px 0' },
            },
          }}
        />
      ))}
    </Box>
  );
}
