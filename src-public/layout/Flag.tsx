import Box from '@mui/material/Box';

/** A language's flag (24 x 16) beside its name. */
export function Flag({ src }: { src: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={24}
      height={16}
      sx={{ display: 'block', borderRadius: '2px', boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
    />
  );
}
