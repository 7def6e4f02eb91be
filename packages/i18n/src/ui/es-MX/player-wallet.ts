import type { PlayerCatalog } from '../player.ts';

/** The player's wallet: balance, records and navigation, Mexican Spanish. */
export const playerWallet: PlayerCatalog['playerWallet'] = {
  nav: { wallet: 'Billetera', account: 'Cuenta' },
  title: 'Billetera',
  balance: 'Saldo total',
  available: 'Disponible',
  held: 'Retenido',
  deposit: 'Depositar',
  withdraw: 'Retirar',
  records: 'Movimientos',
  deposits: 'Depósitos',
  withdrawals: 'Retiros',
  empty: 'Aún no hay movimientos',
  emptyHint: 'Tus depósitos y retiros aparecerán aquí.',
  loadMore: 'Cargar más',
  playMoney: 'Dinero de juego — no es dinero real',
  cancelWithdrawal: 'Cancelar',
  cancelWithdrawalConfirm: '¿Cancelar este retiro? El monto retenido vuelve a tu saldo.',
  withdrawalCanceled: 'Retiro cancelado',
  /** A credited deposit the bank took back (its state stays paid). */
  depositReversed: 'Revertido por el banco',
  /** Withdrawals held while a compliance case is open on the player (712). */
  withdrawHold: {
    title: 'Retiros en pausa',
    body: 'Nuestro equipo de cumplimiento está revisando tu cuenta. Puedes seguir jugando y depositando; los retiros se habilitan de nuevo al terminar la revisión. Contacta a soporte si tienes dudas.',
  },
  depositStates: {
    '-1': 'Creado',
    '0': 'Esperando pago',
    '1': 'Exitoso',
    '2': 'Cancelado',
    '3': 'En revisión',
    '4': 'Verificando pago',
    '5': 'En proceso',
    '6': 'En proceso',
    '7': 'Sin operador',
    '8': 'Fallido',
    '9': 'Exitoso',
  },
  withdrawStates: {
    '-1': 'Creado',
    '0': 'Esperando operador',
    '1': 'En proceso',
    '2': 'Completado',
    '3': 'Fallido',
    '4': 'En revisión',
    '5': 'Actualizado',
    '6': 'Sin operador',
    '7': 'Cancelado',
  },
  amountRules: {
    amountRequired: 'El monto es obligatorio',
    amountInvalid: 'Ingresa un número sin separadores de miles, con máximo 2 decimales',
    amountBelowMin: 'El monto mínimo es {{min}}',
    amountAboveMax: 'El monto máximo es {{max}}',
    amountOverAvailable: 'El monto no puede superar tu saldo disponible',
  },
  ports: {
    bank_transfer: 'Transferencia bancaria',
    qris: 'QRIS',
    spei: 'Transferencia SPEI',
    oxxo: 'Efectivo en OXXO',
  },
  bonus: {
    title: 'Bonos',
    entry: 'Bonos y requisito de apuesta',
    entryHint: 'Saldo de bonos y avance de apuestas',
    balance: 'Saldo de bonos',
    balanceHint: 'El bono queda bloqueado hasta cumplir su requisito de apuesta; luego pasa a tu saldo.',
    empty: 'Aún no tienes bonos',
    emptyHint: 'Un primer depósito de al menos {{min}} te da un bono del {{percent}}%.',
    kinds: {
      first_deposit: 'Bono de primer depósito',
      referral: 'Bono por referido',
      campaign: 'Bono de campaña',
    },
    states: {
      pending: 'En espera',
      held: 'En espera',
      queued: 'En fila',
      active: 'En curso',
      converted: 'Disponible para retiro',
      forfeited: 'Perdido',
      clawed_back: 'Recuperado',
      void: 'Cancelado',
    },
    progress: 'Apostado {{done}} de {{total}}',
    dueOn: 'Se paga el {{date}} si el depósito sigue vigente',
    campaignsTitle: 'Campañas en curso',
    campaignTerms:
      'Un depósito de al menos {{min}} recibe un bono del {{percent}}% (máx. {{max}}), con requisito de apuesta de {{multiple}}× el bono.',
    campaignUntil: 'Válida hasta {{date}}',
    campaignEarned: 'Ya lo recibiste',
    campaignRule:
      'Una vez por jugador y campaña. El primer depósito no cuenta porque ya recibe el bono de primer depósito.',
    queuedHint: 'Empieza a contar cuando termine el bono anterior.',
    choiceTitle: 'Si retiras antes de cumplir el requisito',
    choiceRefuse: 'Rechazar el retiro',
    choiceRefuseHint: 'El retiro no se procesa; el bono sigue en curso.',
    choiceForfeit: 'Perder el bono',
    choiceForfeitHint: 'El retiro se procesa; el bono no cumplido regresa al operador.',
    choiceSaved: 'Elección guardada',
    terms: 'Términos y condiciones de bonos',
    termsTitle: 'Términos de bonos',
    termsItems: {
      firstDeposit:
        'Un primer depósito en moneda local de al menos {{min}} recibe un bono del {{percent}}% del depósito. Los depósitos en cripto no cuentan.',
      referral:
        'Quien te invitó recibe el {{percent}}% de tu primer depósito, pagado {{days}} días después si el depósito no se revierte y la cuenta no está cerrada ni marcada.',
      wagering:
        'El bono llega a tu saldo de bonos bloqueado. Cuando tus apuestas liquidadas suman {{multiple}}× el bono, pasa a tu saldo retirable.',
      betsFrom:
        'Las apuestas siempre usan tu saldo principal; el saldo de bonos no se apuesta. Cuentan las apuestas liquidadas (ganadas o perdidas).',
      order: 'Varios bonos cuentan uno a la vez, el más antiguo primero.',
      withdraw:
        'Retirar con un requisito pendiente: el bono se pierde y el retiro se procesa, salvo que elijas en la página Bonos que el retiro se rechace y el bono siga vigente.',
      abuse:
        'Cuentas múltiples, autorreferidos, o el mismo dispositivo, red o cuenta de pago retienen el bono para revisión.',
      clawback:
        'Si el depósito que calificó se revierte, el bono se recupera hasta lo que quede en el saldo; el saldo nunca queda negativo.',
      exclusion: 'Durante una pausa o autoexclusión no recibes mensajes sobre bonos.',
    },
    withdrawNotice: {
      refuse:
        'Tienes un bono con requisito de apuesta pendiente. Según tu elección, este retiro será rechazado.',
      forfeit:
        'Tienes un bono con requisito de apuesta pendiente. Según tu elección, perderás el bono de {{amount}} si retiras.',
      change: 'Cambiar elección',
    },
  },
};
