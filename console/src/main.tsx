import { createRoot } from 'react-dom/client';

function Hello() {
  return <p>hola</p>;
}

createRoot(document.getElementById('root')!).render(<Hello />);
