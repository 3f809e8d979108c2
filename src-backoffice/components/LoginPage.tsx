import { Login, LoginForm, PasswordInput, TextInput, required, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * react-admin's login page; the user name is the account's e-mail address (spec 3 login payload).
 * It is the page's main landmark, so assistive technology can jump to the form.
 */
export const LoginPage = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Box component="main">
      <Login>
        <Typography variant="h6" component="h1" align="center" sx={{ mt: 1 }}>
          {translate(title)}
        </Typography>
        <LoginForm>
          <TextInput
            autoFocus
            source="username"
            type="email"
            label="ra.auth.email"
            autoComplete="username"
            validate={required()}
            fullWidth
          />
          <PasswordInput
            source="password"
            label="ra.auth.password"
            autoComplete="current-password"
            validate={required()}
            fullWidth
          />
        </LoginForm>
      </Login>
    </Box>
  );
};
