/** The player's wallet: balance, records and navigation, Indonesian. */
export const playerWallet = {
  nav: { wallet: 'Dompet', account: 'Akun' },
  title: 'Dompet',
  balance: 'Total saldo',
  available: 'Tersedia',
  held: 'Ditahan',
  deposit: 'Setor',
  withdraw: 'Tarik',
  records: 'Riwayat transaksi',
  deposits: 'Setoran',
  withdrawals: 'Penarikan',
  empty: 'Belum ada transaksi',
  emptyHint: 'Setoran dan penarikan Anda akan muncul di sini.',
  loadMore: 'Muat lebih banyak',
  playMoney: 'Uang permainan — bukan uang sungguhan',
  cancelWithdrawal: 'Batalkan',
  cancelWithdrawalConfirm: 'Batalkan penarikan ini? Dana yang ditahan akan kembali ke saldo Anda.',
  withdrawalCanceled: 'Penarikan dibatalkan',
  /** A credited deposit the bank took back (its state stays paid). */
  depositReversed: 'Dibatalkan bank',
  /** Withdrawals held while a compliance case is open on the player (712). */
  withdrawHold: {
    title: 'Penarikan ditahan sementara',
    body: 'Akun Anda sedang ditinjau oleh tim kepatuhan. Anda tetap dapat bermain dan menyetor; penarikan dapat dilakukan lagi setelah peninjauan selesai. Hubungi layanan pelanggan bila ada pertanyaan.',
  },
  depositStates: {
    '-1': 'Dibuat',
    '0': 'Menunggu pembayaran',
    '1': 'Berhasil',
    '2': 'Dibatalkan',
    '3': 'Dalam peninjauan',
    '4': 'Memeriksa pembayaran',
    '5': 'Diproses',
    '6': 'Diproses',
    '7': 'Tidak ada operator',
    '8': 'Gagal',
    '9': 'Berhasil',
  },
  withdrawStates: {
    '-1': 'Dibuat',
    '0': 'Menunggu operator',
    '1': 'Sedang diproses',
    '2': 'Selesai',
    '3': 'Gagal',
    '4': 'Dalam peninjauan',
    '5': 'Diperbarui',
    '6': 'Tidak ada operator',
    '7': 'Dibatalkan',
  },
  amountRules: {
    amountRequired: 'Jumlah wajib diisi',
    amountInvalid: 'Masukkan angka tanpa pemisah ribuan, paling banyak 2 desimal',
    amountBelowMin: 'Jumlah minimal {{min}}',
    amountAboveMax: 'Jumlah maksimal {{max}}',
    amountOverAvailable: 'Jumlah tidak boleh melebihi saldo tersedia',
  },
  ports: { bank_transfer: 'Transfer bank', qris: 'QRIS', spei: 'Transfer SPEI', oxxo: 'Tunai di OXXO' },
  bonus: {
    title: 'Bonus',
    entry: 'Bonus & syarat taruhan',
    entryHint: 'Saldo bonus dan kemajuan taruhan',
    balance: 'Saldo bonus',
    balanceHint: 'Bonus terkunci sampai syarat taruhannya terpenuhi, lalu pindah ke saldo Anda.',
    empty: 'Belum ada bonus',
    emptyHint: 'Setoran pertama minimal {{min}} memberi bonus {{percent}}%.',
    kinds: { first_deposit: 'Bonus setoran pertama', referral: 'Bonus referral', campaign: 'Bonus kampanye' },
    states: {
      pending: 'Menunggu',
      held: 'Menunggu',
      queued: 'Antre',
      active: 'Berjalan',
      converted: 'Dapat ditarik',
      forfeited: 'Hangus',
      clawed_back: 'Ditarik kembali',
      void: 'Batal',
    },
    progress: 'Taruhan {{done}} dari {{total}}',
    dueOn: 'Dibayar {{date}} jika setorannya tetap berlaku',
    campaignsTitle: 'Kampanye berjalan',
    campaignTerms:
      'Setoran minimal {{min}} mendapat bonus {{percent}}% (maks. {{max}}), syarat taruhan {{multiple}}× bonus.',
    campaignUntil: 'Berlaku sampai {{date}}',
    campaignEarned: 'Sudah Anda dapatkan',
    campaignRule:
      'Sekali per pemain per kampanye. Setoran pertama tidak termasuk karena sudah mendapat bonus setoran pertama.',
    queuedHint: 'Mulai dihitung setelah bonus sebelumnya selesai.',
    choiceTitle: 'Jika Anda menarik dana sebelum syarat terpenuhi',
    choiceRefuse: 'Tolak penarikan',
    choiceRefuseHint: 'Penarikan tidak diproses; bonus tetap berjalan.',
    choiceForfeit: 'Hanguskan bonus',
    choiceForfeitHint: 'Penarikan diproses; bonus yang belum terpenuhi kembali ke penyelenggara.',
    choiceSaved: 'Pilihan disimpan',
    terms: 'Syarat & ketentuan bonus',
    termsTitle: 'Syarat bonus',
    termsItems: {
      firstDeposit:
        'Setoran pertama dalam mata uang lokal minimal {{min}} mendapat bonus {{percent}}% dari setoran. Setoran kripto tidak dihitung.',
      referral:
        'Pengundang Anda mendapat {{percent}}% dari setoran pertama Anda, dibayar {{days}} hari kemudian jika setoran tidak dibatalkan dan akun tidak ditutup atau ditandai.',
      wagering:
        'Bonus masuk ke saldo bonus dan terkunci. Setelah taruhan yang selesai mencapai {{multiple}}× bonus, bonus pindah ke saldo yang dapat ditarik.',
      betsFrom:
        'Taruhan selalu memakai saldo utama Anda; saldo bonus tidak dipakai untuk bertaruh. Taruhan yang selesai (menang atau kalah) dihitung untuk syaratnya.',
      order: 'Beberapa bonus dihitung satu per satu, yang tertua lebih dulu.',
      withdraw:
        'Menarik dana saat syarat belum terpenuhi: bonus hangus dan penarikan diproses, kecuali Anda memilih di halaman Bonus agar penarikan ditolak dan bonus tetap berjalan.',
      abuse:
        'Akun ganda, referral diri sendiri, atau perangkat, jaringan, dan rekening pembayaran yang sama membuat bonus ditahan untuk ditinjau.',
      clawback:
        'Jika setoran yang memenuhi syarat dibatalkan, bonusnya ditarik kembali sebanyak yang masih ada di saldo; saldo tidak pernah menjadi minus.',
      exclusion: 'Selama jeda atau pengecualian diri, Anda tidak menerima pesan tentang bonus.',
    },
    withdrawNotice: {
      refuse:
        'Anda memiliki bonus dengan syarat taruhan yang belum terpenuhi. Sesuai pilihan Anda, penarikan ini akan ditolak.',
      forfeit:
        'Anda memiliki bonus dengan syarat taruhan yang belum terpenuhi. Sesuai pilihan Anda, bonus {{amount}} akan hangus jika Anda menarik dana.',
      change: 'Ubah pilihan',
    },
  },
};
