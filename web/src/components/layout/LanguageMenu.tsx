import { LANGUAGE_NAMES, LANGUAGES } from '@fajr/api/contracts/languages';
import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider';

/** The language menu in the navigation: each language named in itself, the current one marked. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, choose } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('languageMenu.label');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === language}
            aria-current={code === language ? 'true' : undefined}
            onClick={() => {
              setAnchor(null);
              void choose(code);
            }}
          >
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
