import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.2; transform: scale(0.8); }
  40% { opacity: 1; transform: scale(1); }
`;

/** Three pulsing dots (the language switcher's "translating" state). */
export function ThreeDotLoader({ label }: { label: string }) {
  return (
    <Box component="span" role="status" aria-label={label} sx={{ display: 'inline-flex', gap: 0.5, px: 1 }}>
      {[0, 1, 2].map((index) => (
        <Box
          key={index}
          component="span"
          aria-hidden="true"
          sx={{
            width: 6,
            height: 6,
            borderRadius: '50%',
            bgcolor: 'currentColor',
            animation: `${blink} 1.2s infinite ease-in-out`,
            animationDelay: `${index * 0.2}s`,
          }}
        />
      ))}
    </Box>
  );
}
