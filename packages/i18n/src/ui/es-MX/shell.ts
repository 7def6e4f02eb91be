import type { UiNamespace } from '../types.ts';

export const shell: UiNamespace<'shell'> = {
  notFoundTitle: 'Página no encontrada',
  notFoundBody: 'La página que buscas no existe o todavía no está disponible.',
  serverErrorTitle: 'Servicio interrumpido',
  serverErrorBody:
    'El servidor no puede atender tu solicitud en este momento. Inténtalo de nuevo en unos minutos.',
  goHome: 'Ir al inicio',
  siteDown: 'El sitio no está disponible por el momento',
  crashInfo: 'Detalles del error',
  contactCs: 'Contactar a atención al cliente',
  reload: 'Recargar',
  denied: 'No tienes permiso para acceder a esta página',
  backToAccount: 'Volver a mi cuenta',
  closeTitle: 'Listo',
  closeBody: 'Ya puedes cerrar esta página.',
  closeButton: 'Cerrar página',
  pemBanner: 'Hay reportes esperando tu revisión.',
  pemBannerButton: 'Revisar',
  nativeSimulation: 'Simular la aplicación nativa',
  nativeSimulationHint: 'Solo en desarrollo: se comporta como si corriera dentro de la aplicación.',
};
