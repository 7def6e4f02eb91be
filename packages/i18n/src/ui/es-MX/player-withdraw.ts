import type { PlayerCatalog } from '../player.ts';

/** Withdrawals to a saved bank account, Mexican Spanish. */
export const playerWithdraw: PlayerCatalog['playerWithdraw'] = {
  title: 'Retirar',
  available: 'Saldo disponible',
  limits: 'Mín. {{min}} · máx. {{max}}',
  feeRule: 'Comisión {{percent}}%, mínimo {{min}}',
  account: 'Cuenta de destino',
  noAccounts: 'Aún no tienes cuentas. Agrega una cuenta bancaria para retirar.',
  addAccount: 'Agregar cuenta',
  addAccountTitle: 'Agregar cuenta bancaria',
  accountsFull: 'Máximo {{max}} cuentas',
  bank: 'Banco',
  accountNo: 'Número de cuenta (CLABE)',
  accountNoPlaceholder: '6 a 20 dígitos',
  holderName: 'Titular de la cuenta',
  holderNamePlaceholder: 'Como aparece en el banco',
  accountAdded: 'Cuenta agregada',
  amount: 'Monto a retirar',
  amountPlaceholder: 'Ingresa el monto',
  fee: 'Comisión',
  total: 'Total descontado del saldo',
  submit: 'Solicitar retiro',
  submitted: 'Retiro solicitado',
  openOrders: '{{count}} de {{max}} retiros en curso',
  validation: {
    accountRequired: 'Elige una cuenta de destino',
    bankRequired: 'Elige un banco',
    accountNoRule: 'El número de cuenta tiene de 6 a 20 dígitos',
    holderNameRule: 'Ingresa el nombre del titular (2 a 80 letras)',
  },
};
